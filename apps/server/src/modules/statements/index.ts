// The public face of modules/statements: what other modules and the application's wiring may use.
// Nothing of it serves other modules today: app.ts registers its routes from its routes files.
export {};
