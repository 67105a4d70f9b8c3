export { SpacesSection } from './SpacesSection.tsx';
export { SpacePage } from './SpacePage.tsx';
