import { useState } from 'react';
import type { ImportCommitResult, ImportMapping, ImportPreview, ImportRowChange } from '../../../shared/imports';
import { useCommitImportMutation, usePreviewImportMutation } from './importsApi';
import { MAPPING_NOT_ENOUGH, commitFailure, previewFailure } from './importText';
import { statementFileProblem } from './statementFile';

/** Where the person is: choosing a file, mapping its columns, reading the preview, or done. */
export type ImportStep =
  | { name: 'choose' }
  | { name: 'map'; file: Blob; preview: ImportPreview }
  | { name: 'preview'; file: Blob; preview: ImportPreview }
  | { name: 'done'; result: ImportCommitResult };

/**
 * The import's steps and the requests between them. A file whose columns Tally only guessed goes
 * to the mapping step first, so the person confirms them once; the server then remembers them
 * for that bank and the next file of it goes straight to the preview.
 */
export function useImportFlow() {
  const [step, setStep] = useState<ImportStep>({ name: 'choose' });
  // Why the last request or file was refused; shown by the step the person is on.
  const [failure, setFailure] = useState<string | null>(null);
  // Whether the person came back to the first step (then its heading takes the focus).
  const [started, setStarted] = useState(false);
  const [sendPreview, { isLoading: reading, reset: forgetPreview }] = usePreviewImportMutation();
  const [sendCommit, { isLoading: importing }] = useCommitImportMutation();

  const read = async (file: Blob, mapping?: ImportMapping) => {
    setFailure(null);
    try {
      const preview = await sendPreview({ file, mapping }).unwrap();
      const ready = preview.mapping_complete && preview.mapping_source !== 'guessed';
      if (mapping && !preview.mapping_complete) setFailure(MAPPING_NOT_ENOUGH);
      setStep(ready ? { name: 'preview', file, preview } : { name: 'map', file, preview });
    } catch (err) {
      setFailure(previewFailure(err));
    } finally {
      // The step holds the preview: the store need not (50,000 rows there slow every dev-mode dispatch's checks).
      forgetPreview();
    }
  };

  return {
    step,
    failure,
    reading,
    importing,
    started,
    choose: (file: File) => {
      const problem = statementFileProblem(file);
      if (problem) setFailure(problem);
      else void read(file);
    },
    map: (mapping: ImportMapping) => {
      if (step.name === 'map' || step.name === 'preview') void read(step.file, mapping);
    },
    editMapping: () => {
      setFailure(null);
      if (step.name === 'preview') setStep({ ...step, name: 'map' });
    },
    commit: async (changes: ImportRowChange[]) => {
      if (step.name !== 'preview') return;
      setFailure(null);
      try {
        setStep({ name: 'done', result: await sendCommit({ preview_id: step.preview.id, changes }).unwrap() });
      } catch (err) {
        setFailure(commitFailure(err));
      }
    },
    restart: () => {
      setFailure(null);
      setStarted(true);
      setStep({ name: 'choose' });
    },
  };
}
