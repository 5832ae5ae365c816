export { SetPasswordScreen, type SetPasswordScreenProps } from './set-password';
