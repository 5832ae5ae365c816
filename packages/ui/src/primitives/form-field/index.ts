export * from './control-styles';
export * from './form-field';
