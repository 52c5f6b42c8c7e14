/** The one part of jsdom the integration tests use (the package ships no types; vitest uses it for component tests). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
