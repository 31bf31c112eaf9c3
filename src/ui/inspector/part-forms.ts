import { memo } from 'react';
import { ContainerForm } from './ContainerForm';
import { ResourceForm } from './ResourceForm';

/**
 * The forms of a container and of a resource, with the editors only they use (mounts, probes, start
 * order): a chunk of their own (see lazy-forms.tsx). Memoized: they follow the inspector's (deferred)
 * model, not the selection, so the caret moving inside the section they show does not draw them again.
 */
export const ContainerFormView = memo(ContainerForm);
export const ResourceFormView = memo(ResourceForm);
