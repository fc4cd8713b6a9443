/** Whether a request path is the API's (everything else that is not a file is the client's single page app). */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
