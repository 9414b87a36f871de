import { useParams } from 'react-router';
import { UndoEmailChangeStatus } from '../../features/account/components/undo-email-change-status';
import { PageTitle } from '../../components/page-title';

/** /account/undo-email-change/{token}: the link e-mailed to the old address after an e-mail change. */
export default function UndoEmailChangeRoute() {
  const { token = '' } = useParams();
  return (
    <>
      <PageTitle title="Undo email change" />
      <UndoEmailChangeStatus token={token} />
    </>
  );
}
