import type { HttpHandler } from 'msw';

export const defaultHandlers: HttpHandler[] = [];
