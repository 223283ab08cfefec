/** Test stand-in for @docusaurus/useIsomorphicLayoutEffect: the tests run in a DOM. */
export {useLayoutEffect as default} from 'react';
