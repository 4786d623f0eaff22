import { messages } from '@painel/shared/messages';
import { LOTE_MAX_BYTES } from '@painel/shared/schemas/lotes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { LoteUploadForm } from '@/features/lotes/components/lote-upload-form';
import { lotesMessages } from '@/features/lotes/lotes-messages';
import { ApiError } from '@/lib/api-client';
import { creditModule, makeModule } from '@/test/module-fixtures';

const nameModule = makeModule({
  id: 3,
  nome: 'Nome e Nascimento',
  campos_entrada: [
    { nome: 'nome', tipo: 'string', obrigatorio: true, mascara: null },
    { nome: 'nascimento', tipo: 'string', obrigatorio: true, mascara: null },
  ],
});

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  render(
    <LoteUploadForm
      modules={[makeModule(), creditModule, nameModule]}
      purposeFields={null}
      purposeRequired={false}
      initialPurposeId={null}
      onSubmit={onSubmit}
      busy={false}
    />,
  );
  // The browser's own accept filter is not what is under test: the form's check is.
  return { onSubmit, user: userEvent.setup({ applyAccept: false }) };
}

const send = () => screen.getByRole('button', { name: 'Enviar e cotar' });

describe('the batch upload form (docs/product/lotes.md)', () => {
  it("names the chosen module's fields for the first line", async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText(/Módulo/), 'CPF Completo');
    expect(
      screen.getByText('Primeira linha: cpf (ou só a coluna de valores, sem cabeçalho)'),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Módulo/), 'Nome e Nascimento');
    expect(screen.getByText('Primeira linha: nome, nascimento')).toBeInTheDocument();
  });

  it('asks for a module, and for a file or a pasted column, before sending anything', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(send());
    expect(await screen.findByText(lotesMessages.moduleRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.loteFileRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText(/Módulo/), 'CPF Completo');
    await user.type(screen.getByLabelText('Ou cole uma coluna de valores'), '   ');
    await user.click(send());
    expect(await screen.findByText(messages.loteFileRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a file that is not CSV or XLSX', async () => {
    const { onSubmit, user } = renderForm();
    await user.selectOptions(screen.getByLabelText(/Módulo/), 'CPF Completo');
    await user.upload(screen.getByLabelText('Arquivo CSV ou XLSX'), new File(['cpf\n1'], 'cpfs.pdf'));
    await user.click(send());
    expect(await screen.findByText(messages.loteFileType)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a file over 5 MB', async () => {
    const { onSubmit, user } = renderForm();
    await user.selectOptions(screen.getByLabelText(/Módulo/), 'CPF Completo');
    const big = new File([new Uint8Array(LOTE_MAX_BYTES + 1)], 'cpfs.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Arquivo CSV ou XLSX'), big);
    await user.click(send());
    expect(await screen.findByText(messages.loteFileTooLarge)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a CSV file, and locks the text box while a file is chosen', async () => {
    const { onSubmit, user } = renderForm();
    await user.selectOptions(screen.getByLabelText(/Módulo/), 'Placa');
    const file = new File(['placa\nABC1D23'], 'PLACAS.CSV');
    await user.upload(screen.getByLabelText('Arquivo CSV ou XLSX'), file);
    expect(screen.getByLabelText('Ou cole uma coluna de valores')).toBeDisabled();
    await user.click(send());
    expect(onSubmit).toHaveBeenCalledWith({
      modulo_id: 2,
      arquivo: file,
      texto: null,
      finalidade_id: null,
      justificativa: null,
    });
  });

  it('sends a pasted column', async () => {
    const { onSubmit, user } = renderForm();
    await user.selectOptions(screen.getByLabelText(/Módulo/), 'CPF Completo');
    await user.type(screen.getByLabelText('Ou cole uma coluna de valores'), '11144477735{Enter}52998224725');
    await user.click(send());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ modulo_id: 1, arquivo: null, texto: '11144477735\n52998224725' }),
    );
  });

  it("shows the server's refusal above the form and under the field it names", async () => {
    const { user } = renderForm(
      vi.fn(async () => {
        throw new ApiError(400, 'VALIDATION_ERROR', 'Dados inválidos', {
          arquivo: messages.loteHeaderMissing('cpf'),
        });
      }),
    );
    await user.selectOptions(screen.getByLabelText(/Módulo/), 'CPF Completo');
    await user.upload(screen.getByLabelText('Arquivo CSV ou XLSX'), new File(['x'], 'cpfs.csv'));
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${lotesMessages.quoteFailed}: Dados inválidos`,
    );
    expect(screen.getByText(messages.loteHeaderMissing('cpf'))).toBeInTheDocument();
  });

  it("shows the trial's 403 message from the server", async () => {
    const { user } = renderForm(
      vi.fn(async () => {
        throw new ApiError(403, 'FORBIDDEN', messages.loteTrialNotAllowed);
      }),
    );
    await user.selectOptions(screen.getByLabelText(/Módulo/), 'CPF Completo');
    await user.type(screen.getByLabelText('Ou cole uma coluna de valores'), '11144477735');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loteTrialNotAllowed);
  });
});
