export { RegisterScreen, type RegisterScreenProps } from './register';
