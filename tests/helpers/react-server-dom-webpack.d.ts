// React's Flight client ships no types (and no @types package exists): the one function the
// action helper uses, as React 19's source declares it.
declare module 'react-server-dom-webpack/client.edge' {
  export function createFromReadableStream<T = unknown>(
    stream: ReadableStream<Uint8Array>,
    options: { serverConsumerManifest: { moduleMap: object; moduleLoading: null; serverModuleMap: null } },
  ): Promise<T>;
}
