declare module 'virtual:forward-bench-data' {
  export const html: string;
}
