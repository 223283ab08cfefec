/**
 * Client module: once the app runs, lets link prefetching and preloading load
 * the route group of a page first, and keeps prefetching from asking for chunk
 * names the bundler merged away (see lib/route-groups.ts). Only production
 * builds split the route table; elsewhere there are no groups and nothing changes.
 */
import type {ClientModule} from '@docusaurus/types';
import {installChunkAssetFilter, installGroupPrefetch} from '@site/lib/route-groups';

// Production builds only: they name chunk files without a per-chunk part.
if (process.env.NODE_ENV === 'production') installChunkAssetFilter();

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    installGroupPrefetch();
  },
};

export default clientModule;
