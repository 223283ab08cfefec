/**
 * Client module: shows a new announcement to readers who dismissed an earlier
 * one, from the first page load. The theme's inline script hides the bar
 * before hydration whenever *any* announcement was dismissed; the theme then
 * resets the dismissal for a new announcement id, but the bar stays hidden by
 * that early attribute until the next full load. Here the stored id is compared
 * with the current one first. Storage may be unavailable: then nothing happens.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {announcement} from '../../config/site';

const dismissedAttribute = 'data-announcement-bar-initially-dismissed';

if (ExecutionEnvironment.canUseDOM) {
  try {
    const seenId = window.localStorage.getItem('docusaurus.announcement.id');
    if (seenId !== null && seenId !== announcement.id) {
      document.documentElement.setAttribute(dismissedAttribute, 'false');
    }
  } catch {
    // Storage unavailable: the theme's own behaviour applies.
  }
}
