// blessed ships its East Asian width tables without type declarations.
declare module 'blessed/lib/unicode.js' {
  const unicode: { charWidth(str: string, i: number): number; strWidth(str: string): number };
  export default unicode;
}
