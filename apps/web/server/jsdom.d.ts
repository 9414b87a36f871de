// The part of jsdom the server tests use to read a rendered page as a browser would (jsdom ships no types).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
