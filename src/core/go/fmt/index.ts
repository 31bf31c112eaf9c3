/** Go's fmt: Sprint, Sprintln and Sprintf over the value model of ../value.ts. */
export { formatValue, sprint, sprintln } from './print';
export { sprintf } from './printf';
