/**
 * Client module: once the app runs, lets link prefetching and preloading load
 * the section of a page first (see src/routing/sections). Only production
 * builds split the route table; elsewhere there are no sections and nothing changes.
 */
import type {ClientModule} from '@docusaurus/types';
import {installSectionPrefetch} from '../routing/sections';

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    installSectionPrefetch();
  },
};

export default clientModule;
