// Test scaffolding of modules/onboarding for other modules' tests; never imported by production code.
export {
  activeContentOf,
  type Applicant,
  APPLICANT_PASSWORD,
  elfProgram,
  jar,
  jpegWithGps,
  minimalPdf,
  multipart,
  newApplicant,
  pdfWithActiveContent,
  pngImage,
  startOnboarding,
  templatesTo,
  uploadDocumentRequest,
  uploadOk,
} from './helpers.ts';
