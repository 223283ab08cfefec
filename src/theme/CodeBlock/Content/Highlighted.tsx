/**
 * The classic theme's highlighted code block content, with Prism and the
 * site's extra Prism languages (`prism.additionalLanguages`) registered. It is
 * its own chunk: src/theme/CodeBlock/Content loads it on the server and, in
 * the browser, only for code blocks rendered there.
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

export {default} from '@theme-original/CodeBlock/Content';
