import {
  connectionTargets,
  planStartOrder,
  planUseResource,
  readinessProblem,
  suggestedContainerName,
  type GraphNode,
  type WorkloadGraph,
} from '../../core/graph';
import { useDocumentStore } from '../../state/document/context';
import { AddContainerDialog, ConnectDialog, StartOrderDialog, UseResourceDialog } from './dialogs';
import type { DialogState, RunCommand } from './use-canvas-edits';

/**
 * The open dialog, wired to the commands it runs. `run` returns a command's refusal (shown in the
 * dialog, which then stays open) or undefined; `onChoose` goes on with a connection chosen from the list;
 * `onAddContainer` adds a container where the canvas wants it.
 */
export function CanvasDialog({
  dialog,
  graph,
  onClose,
  run,
  onChoose,
  onAddContainer,
}: {
  dialog: DialogState;
  graph: WorkloadGraph;
  onClose: () => void;
  run: RunCommand;
  onChoose: (sourceId: string, targetId: string) => void;
  /** Adds a container (placed and followed by the canvas); its refusal, or undefined. */
  onAddContainer: (name: string, image: string) => string | undefined;
}) {
  const store = useDocumentStore();
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'add-container':
      return (
        <AddContainerDialog suggestedName={suggestedContainerName(graph)} onAdd={onAddContainer} onClose={onClose} />
      );
    case 'connect': {
      const source = graph.nodes.find((n) => n.id === dialog.from);
      if (!source) return null;
      return (
        <ConnectDialog
          source={source}
          targets={connectionTargets(graph, dialog.from)}
          onChoose={(to) => {
            onClose();
            onChoose(dialog.from, to);
          }}
          onClose={onClose}
        />
      );
    }
    case 'start-order':
      return (
        <StartOrderDialog
          first={dialog.first}
          then={dialog.then}
          current={dialog.current}
          problemOf={(ready) => readinessProblem(graph, dialog.first, ready)}
          onSave={(ready) => {
            const plan = planStartOrder(graph, dialog.first, dialog.then, ready);
            return plan.kind === 'refused' ? plan.reason : run(plan.command, true);
          }}
          onRemove={
            dialog.current === undefined
              ? undefined
              : () => {
                  run({ name: 'removeBefore', args: { container: dialog.first, target: dialog.then } });
                  onClose();
                }
          }
          onClose={onClose}
        />
      );
    case 'use-resource': {
      const resource = graph.nodes.find(
        (n): n is Extract<GraphNode, { kind: 'resource' }> => n.kind === 'resource' && n.name === dialog.resource,
      );
      if (!resource) return null;
      const usedOutputs = graph.edges.flatMap((e) => (e.kind === 'uses' && e.target === resource.id ? e.outputs : []));
      return (
        <UseResourceDialog
          container={dialog.container}
          resource={resource}
          usedOutputs={usedOutputs}
          takenVariables={variablesOf(store.getState().readable.parsed.value, dialog.container)}
          onBind={(variable, output) =>
            run(planUseResource(dialog.container, resource.name, { variable, output }), true)
          }
          onMount={(target) => run(planUseResource(dialog.container, resource.name, { mountAt: target }), true)}
          onClose={onClose}
        />
      );
    }
  }
}

function variablesOf(value: unknown, container: string): string[] {
  const root = value as { containers?: Record<string, { variables?: unknown } | null> } | undefined;
  const variables = root?.containers?.[container]?.variables;
  return variables && typeof variables === 'object' && !Array.isArray(variables) ? Object.keys(variables) : [];
}
