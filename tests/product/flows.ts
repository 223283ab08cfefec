/**
 * Chatflows in the shape Sidekick Studio's canvas saves them, built from the node definitions the running server
 * serves (`GET /api/v1/nodes/<name>`), so the tests send the server what a builder's browser would.
 *
 * A saved node carries, besides its `inputs` values, the lists the canvas derives from the node's definition:
 * `inputAnchors` (inputs whose type is a class of another node, drawn as connection points), `inputParams` (the
 * other inputs, drawn as fields, with the credential first when the node has one) and `outputAnchors` (one anchor,
 * or an `options` anchor listing the node's outputs). The server reads them when it resolves variables and when it
 * upserts, so a flow without them fails inside the server.
 */
import {parameterTypes} from '../../plugins/node-reference/model';
import {apiOk} from './api';

/** An input or output as the server's node definitions declare it. */
interface Param {
  label: string;
  name: string;
  type: string;
  default?: unknown;
  optional?: boolean;
  list?: boolean;
  additionalParams?: boolean;
  acceptVariable?: boolean;
  credentialNames?: string[];
  baseClasses?: string[];
  [key: string]: unknown;
}

/** A node definition, as `GET /api/v1/nodes/<name>` answers. */
export interface NodeDefinition {
  label: string;
  name: string;
  version: number;
  type: string;
  category: string;
  baseClasses: string[];
  inputs?: Param[];
  outputs?: Param[];
  credential?: Param;
  [key: string]: unknown;
}

/**
 * Input types the canvas shows as fields (the node reference's list, from the product's UI), and the credential
 * field the canvas adds; every other type is a connection from another node.
 */
const fieldTypes = new Set([...parameterTypes, 'credential']);

const definitions = new Map<string, Promise<NodeDefinition>>();

/** The definition of a node, fetched once per test run. */
export function nodeDefinition(name: string): Promise<NodeDefinition> {
  if (!definitions.has(name)) definitions.set(name, apiOk<NodeDefinition>(`/nodes/${name}`));
  return definitions.get(name)!;
}

/** One node of a saved chatflow. */
export interface FlowNode {
  id: string;
  position: {x: number; y: number};
  type: 'customNode';
  width: number;
  height: number;
  data: Record<string, unknown> & {
    id: string;
    name: string;
    inputs: Record<string, unknown>;
    outputs: Record<string, unknown>;
    outputAnchors: Array<{id: string; name: string; label: string; type?: string; options?: unknown[]}>;
    inputAnchors: Array<Param & {id: string}>;
    inputParams: Array<Param & {id: string}>;
  };
}

/** One edge: an output anchor of `source` connected to an input anchor of `target`. */
export interface FlowEdge {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
  type: 'buttonedge';
}

/**
 * A node of a chatflow as the canvas saves it.
 * @param definition the node's definition from the server
 * @param id the node's id in the flow, e.g. `chatOpenAI_0`
 * @param inputs values of its inputs (fields); connections are made with `connect`
 * @param options `output`: the chosen output of a node that has several (default: the first); `credential`: the id of
 *   a saved credential
 */
export function flowNode(
  definition: NodeDefinition,
  id: string,
  inputs: Record<string, unknown> = {},
  options: {output?: string; credential?: string; position?: {x: number; y: number}} = {},
): FlowNode {
  const withId = (param: Param) => ({...param, id: `${id}-input-${param.name}-${param.type}`});
  const declared = definition.inputs ?? [];
  const inputParams = declared.filter((param) => fieldTypes.has(param.type)).map(withId);
  if (definition.credential) inputParams.unshift(withId(definition.credential));
  const inputAnchors = declared.filter((param) => !fieldTypes.has(param.type)).map(withId);
  const values: Record<string, unknown> = {};
  for (const param of declared) values[param.name] = param.default ?? '';
  Object.assign(values, inputs);

  let outputAnchors: FlowNode['data']['outputAnchors'];
  const outputs: Record<string, unknown> = {};
  if (definition.outputs?.length) {
    const choices = definition.outputs.map((output) => ({
      id: `${id}-output-${output.name}-${(output.baseClasses ?? []).join('|')}`,
      name: output.name,
      label: output.label,
      type: (output.baseClasses ?? []).join(' | '),
    }));
    outputs.output = options.output ?? choices[0].name;
    if (!choices.some((choice) => choice.name === outputs.output)) {
      throw new Error(`${definition.name} has no output ${options.output}`);
    }
    outputAnchors = [{id: `${id}-output-output`, name: 'output', label: 'Output', type: 'options', options: choices}];
  } else {
    outputAnchors = [
      {
        id: `${id}-output-${definition.name}-${definition.baseClasses.join('|')}`,
        name: definition.name,
        label: definition.type,
        type: definition.baseClasses.join(' | '),
      },
    ];
  }
  return {
    id,
    position: options.position ?? {x: 0, y: 0},
    type: 'customNode',
    width: 300,
    height: 500,
    data: {
      ...definition,
      id,
      inputs: values,
      outputs,
      outputAnchors,
      inputAnchors,
      inputParams,
      ...(options.credential ? {credential: options.credential} : {}),
      selected: false,
    },
  };
}

/**
 * Connects `source`'s output to `target`'s input `inputName` (a connection input): sets the input's value to
 * `{{source.data.instance}}`, as the canvas does, and returns the edge.
 * @throws when the target has no such connection input
 */
export function connect(source: FlowNode, target: FlowNode, inputName: string): FlowEdge {
  const anchor = target.data.inputAnchors.find((input) => input.name === inputName);
  if (!anchor) throw new Error(`${target.data.name} has no connection input ${inputName}`);
  const reference = `{{${source.id}.data.instance}}`;
  target.data.inputs[inputName] = anchor.list
    ? [...((target.data.inputs[inputName] as string[] | undefined) || []), reference]
    : reference;
  const first = source.data.outputAnchors[0];
  const chosen = first.options
    ? (first.options as Array<{id: string; name: string}>).find((option) => option.name === source.data.outputs.output)!
    : first;
  return {
    id: `${source.id}-${chosen.id}-${target.id}-${anchor.id}`,
    source: source.id,
    sourceHandle: chosen.id,
    target: target.id,
    targetHandle: anchor.id,
    type: 'buttonedge',
  };
}

/**
 * A node of an agentflow as the agentflow canvas saves it: like `flowNode`, but agentflow nodes are joined in
 * sequence rather than through typed anchors, and a node with several outputs (Condition, Human Input…) has one
 * anchor per output, `<id>-output-<index>`, in the order of its outputs.
 */
export function agentflowNode(definition: NodeDefinition, id: string, inputs: Record<string, unknown> = {}): FlowNode {
  const node = flowNode({...definition, outputs: undefined}, id, inputs);
  node.type = 'agentFlow' as 'customNode';
  node.data.outputAnchors = definition.outputs?.length
    ? definition.outputs.map((output, index) => ({
        id: `${id}-output-${index}`,
        name: String(index),
        label: output.label,
      }))
    : [{id: `${id}-output-${definition.name}`, name: definition.name, label: definition.label}];
  return node;
}

/**
 * Joins two agentflow nodes: the `output`-th output of `source` (0 for a node with one output) runs `target` next.
 */
export function follow(source: FlowNode, target: FlowNode, output = 0): FlowEdge {
  const anchor = source.data.outputAnchors[output];
  if (!anchor) throw new Error(`${source.id} has no output ${output}`);
  return {
    id: `${anchor.id}-${target.id}`,
    source: source.id,
    sourceHandle: anchor.id,
    target: target.id,
    targetHandle: target.id,
    type: 'agentFlow' as 'buttonedge',
  };
}

/** The `flowData` string of a chatflow made of these nodes and edges. */
export function flowData(nodes: FlowNode[], edges: FlowEdge[]): string {
  return JSON.stringify({nodes, edges, viewport: {x: 0, y: 0, zoom: 1}});
}
