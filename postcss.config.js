import autoprefixer from 'autoprefixer';
import postcssNesting from 'postcss-nesting';

/**
 * Vite runs every stylesheet through this (it finds the file by itself). The browsers are the
 * `browserslist` of package.json: the oldest a locked-down corporate desktop still runs.
 * Nesting first, so the flattened rules get their prefixes too.
 */
export default {
  plugins: [postcssNesting(), autoprefixer()],
};
