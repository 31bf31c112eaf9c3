// The editor core without Monaco's bundled languages (we need YAML only, from basic-languages and monaco-yaml).
// It exports the same API as the package's main entry, whose types describe it.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor';
}
