/** esbuild loads .css as text for the notebook renderer, which has no <link> of its own. */
declare module '*.css' {
  const text: string;
  export default text;
}
