export { EmailField } from './EmailField.tsx';
export { CurrentPasswordField, NewPasswordField } from './PasswordFields.tsx';
export { TotpCodeField } from './TotpCodeField.tsx';
