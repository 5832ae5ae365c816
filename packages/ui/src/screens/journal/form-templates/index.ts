export { FormTemplatesScreen } from './form-templates';
