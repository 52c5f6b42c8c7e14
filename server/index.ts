// Entry point. React picks its production or development build from NODE_ENV when it is first
// loaded, so the default must be in place before anything imports it.
process.env.NODE_ENV ??= 'production';
await import('./main.ts');
export {};
