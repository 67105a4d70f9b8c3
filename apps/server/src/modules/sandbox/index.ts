// The public face of modules/sandbox: what other modules and the application's wiring may use.
export { type SandboxActor, sandboxOperatorId, sandboxScope } from './actor.ts';
export { sandboxRailRoutes } from './rail-routes.ts';
export { sandboxRoutes } from './routes.ts';
