// The dashboards' list parameters as the build's metadata gives them (codegen/firstRequestsPlugin.ts).
declare module 'virtual:list-params' {
  const data: import('./dashboards/listParamsData').ListParamsData;
  export default data;
}
