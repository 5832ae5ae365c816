export { TwoFactorScreen, type TwoFactorScreenProps } from './two-factor';
