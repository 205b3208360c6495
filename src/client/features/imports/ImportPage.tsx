import { PageHeader } from '../../ui/PageHeader';
import { FilePicker } from './FilePicker';
import { ImportResult } from './ImportResult';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { useImportFlow } from './useImportFlow';

/** /import: a bank or card statement (CSV) becomes receipts, after a preview nothing is written before. */
export default function ImportPage() {
  const flow = useImportFlow();
  const { step } = flow;
  return (
    <>
      <PageHeader
        title="Import a statement"
        subtitle="Add the spending on a bank or card statement as receipts. You see every row before anything is saved; rows imported before are skipped, and rows that match a receipt you saved are linked to it."
      />
      {step.name === 'choose' ? (
        // The focus stays on the page heading at first; after 'Choose another file' it comes here.
        <FilePicker onChoose={flow.choose} reading={flow.reading} failure={flow.failure} focusHeading={flow.started} />
      ) : step.name === 'map' ? (
        <MappingStep key={step.preview.id} preview={step.preview} reading={flow.reading} failure={flow.failure} onSubmit={flow.map} onCancel={flow.restart} />
      ) : step.name === 'preview' ? (
        <PreviewStep
          key={step.preview.id}
          preview={step.preview}
          importing={flow.importing}
          reading={flow.reading}
          failure={flow.failure}
          onConfirm={(changes) => void flow.commit(changes)}
          onEditMapping={flow.editMapping}
          onRemap={flow.map}
          onRestart={flow.restart}
        />
      ) : (
        <ImportResult result={step.result} onRestart={flow.restart} />
      )}
    </>
  );
}
