/**
 * The apply page's lazily loaded chunk of the one CV preview (components/cv-preview-dialog.tsx): the
 * same dialog, frame and server path as the CVs page, fetched only when a candidate asks for a preview.
 */
export { CvPreviewDialog as default } from '../../../components/cv-preview-dialog';
