export { ResetPasswordScreen, type ResetPasswordScreenProps } from './reset-password';
