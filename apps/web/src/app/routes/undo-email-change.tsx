import { useParams } from 'react-router';
import { UndoEmailChangeStatus } from '../../features/account/components/undo-email-change-status';

/** /account/undo-email-change/{token}: the link e-mailed to the old address after an e-mail change. */
export default function UndoEmailChangeRoute() {
  const { token = '' } = useParams();
  return (
    <>
      <title>Undo email change · Careers Portal</title>
      <UndoEmailChangeStatus token={token} />
    </>
  );
}
