// @vitest-environment jsdom
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup, render, screen, within} from '@testing-library/react';
import {NodeParametersTable} from '../../src/components/NodeParameters/Table';

afterEach(cleanup);

describe('NodeParametersTable', () => {
  it('renders one row per parameter with name, type, required, default and meaning', () => {
    render(
      <NodeParametersTable
        credential="OpenAI API"
        output="ChatOpenAI, connects to the Chat Model input of chains and agents"
        parameters={[
          {name: 'Model Name', type: 'Options', required: true, default: 'gpt-4o-mini', description: 'Which model.'},
          {name: 'Temperature', type: 'Number', required: false, default: 0.9, description: 'Randomness.'},
          {name: 'Base Path', type: 'String', required: false, default: '-', description: 'Proxy URL.'},
        ]}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('rowheader').textContent).toBe('Model Name');
    expect(rows[0].textContent).toContain('Required');
    expect(rows[1].textContent).toContain('Optional');
    expect(rows[1].textContent).toContain('0.9');
    expect(rows[2].textContent).toContain('—');
    expect(screen.getByText(/OpenAI API/)).toBeTruthy();
    expect(screen.getByText(/connects to the Chat Model input/)).toBeTruthy();
  });

  it('says when no credential is required', () => {
    render(
      <NodeParametersTable
        credential="none"
        output="A tool for agents"
        parameters={[{name: 'Text', type: 'String', required: true, default: '-', description: 'The text.'}]}
      />,
    );
    expect(screen.getByText(/None required/)).toBeTruthy();
  });
});
