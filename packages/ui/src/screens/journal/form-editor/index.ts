export { FormEditorScreen } from './form-editor';
