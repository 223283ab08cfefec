/**
 * Wraps the classic theme's DocCard (one card of `<DocCardList />`) to give
 * a doc's card its description. The docs plugin of this site
 * (plugins/docs) no longer sends every doc's description to every page; a
 * category page receives the descriptions of its cards as route context
 * (`docCardDescriptions`, by doc id), and this wrapper puts them on the items.
 */
import React, {type ReactNode} from 'react';
import useRouteContext from '@docusaurus/useRouteContext';
import DocCard from '@theme-original/DocCard';
import type {Props} from '@theme/DocCard';

/**
 * A card for a sidebar item.
 * @param props.item the sidebar item (a doc or external link, or a category).
 */
export default function DocCardWrapper({item}: Props): ReactNode {
  const {data} = useRouteContext() as {data?: {docCardDescriptions?: Record<string, string>}};
  if (item.type !== 'link' || item.description || !item.docId) return <DocCard item={item} />;
  const description = data?.docCardDescriptions?.[item.docId];
  return <DocCard item={description ? {...item, description} : item} />;
}
