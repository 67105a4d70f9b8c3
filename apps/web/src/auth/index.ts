export { LoginPage } from './LoginPage.tsx';
export { RecoverPasswordPage } from './RecoverPasswordPage.tsx';
export { ChangePasswordPage } from './ChangePasswordPage.tsx';
export { UpdateUserPage } from './UpdateUserPage.tsx';
