import { memo, use, type ComponentType } from 'react';

type PartProps = { name: string; pointer: string };
type PartForms = { ContainerFormView: ComponentType<PartProps>; ResourceFormView: ComponentType<PartProps> };

/**
 * The container's and the resource's forms are not needed by the first view (it shows the
 * workload's): they load as soon as the inspector is on screen, as the graph does, and before the
 * user can pick a part on the canvas. Until then (and only then) a part's form suspends.
 */
let loaded: PartForms | undefined;
let loading: Promise<PartForms> | undefined;

export function loadPartForms(): Promise<PartForms> {
  const attempt = (loading ??= import('./part-forms').then(
    (forms): PartForms => (loaded = forms),
    // Not downloaded (offline, a new version deployed meanwhile): the forms say so; the page reloaded loads them.
    (): PartForms => ({ ContainerFormView: NotLoaded, ResourceFormView: NotLoaded }),
  ));
  return attempt;
}

function NotLoaded() {
  return <p role="alert">This form did not download. Reload the page to try again.</p>;
}

export const ContainerFormView = memo(function ContainerFormView(props: PartProps) {
  const { ContainerFormView: Form } = loaded ?? use(loadPartForms());
  return <Form {...props} />;
});

export const ResourceFormView = memo(function ResourceFormView(props: PartProps) {
  const { ResourceFormView: Form } = loaded ?? use(loadPartForms());
  return <Form {...props} />;
});
