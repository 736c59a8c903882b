/**
 * The history report and data centre vocabulary shared by server, console and monitoring site
 * (`@lyyp/contracts/report`): report definitions, their computed tables, the data centre.
 */
export * from './limits.ts';
export * from './report.ts';
export * from './api.ts';
export * from './datacenter.ts';
