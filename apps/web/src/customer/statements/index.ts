export { StatementsButton } from './StatementsButton.tsx';
export { StatementsSection } from './StatementsSection.tsx';
