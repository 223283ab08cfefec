/**
 * Wraps the theme's MDX components (a safe swizzle) to make the components
 * writers use on many pages available in every MDX file without an import:
 * Tabs and TabItem for multi-language examples, DocCardList for index pages,
 * and NodeParameters for node reference pages.
 */
import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import DocCardList from '@theme/DocCardList';
import NodeParameters from '@site/src/components/NodeParameters';

export default {
  ...MDXComponents,
  Tabs,
  TabItem,
  DocCardList,
  NodeParameters,
};
