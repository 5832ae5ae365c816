export * from './my-journal';
export * from './note-article';
