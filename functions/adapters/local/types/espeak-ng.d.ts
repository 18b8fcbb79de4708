declare module 'espeak-ng' {
  interface EspeakModule {
    FS: { readFile(path: string): Uint8Array };
  }
  /** Runs the eSpeak NG command line once, in a fresh WASM instance, with these arguments. */
  export default function ESpeakNg(options: { arguments: string[] }): Promise<EspeakModule>;
}
