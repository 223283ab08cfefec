/**
 * The `node` frontmatter block of a Sidekick Studio node reference page: the
 * single source of a node's parameters, credential and output. The page's
 * `<NodeParameters />` renders it; `tests/unit/node-pages.test.ts` validates
 * every node page against this schema.
 */
export interface NodeParameter {
  /** The input's label as shown on the node in Sidekick Studio. */
  name: string;
  /** Value type (String, Number, Options…) or the type of node connected to the input. */
  type: string;
  /** Whether the node refuses to run without a value. */
  required: boolean;
  /** Default value as text; "-" when there is none. */
  default: string | number | boolean;
  /** What the input changes, in one or two sentences. */
  description: string;
}

/**
 * The node's facts beyond its description: the page's `title`, `sidebar_label`
 * (the canvas name) and `description` (the one line its category page shows)
 * are ordinary frontmatter, and its category is the folder it lives in.
 */
export interface NodeFrontMatter {
  /** Name of the credential type the node needs, or "none". */
  credential: string;
  /** What the node produces and which inputs it connects to. */
  output: string;
  /** Every input of the node, in the order the node shows them. */
  parameters: NodeParameter[];
}
