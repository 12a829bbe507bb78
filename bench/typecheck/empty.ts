// The empty consumer: the baseline cost of tsc with these compiler options.
export {};
