/**
 * The apply tests' CV files (the candidate service decides a CV's type from its bytes: %PDF-, a ZIP
 * holding word/document.xml, or UTF-8 text), built by @careers/test-support. Each is a Playwright file
 * payload for setInputFiles.
 */
export {
  docxFile as docxCv,
  pdfFile as pdfCv,
  textFile as txtCv,
  type UploadFile as CvFile,
} from '@careers/test-support/fixtures';
