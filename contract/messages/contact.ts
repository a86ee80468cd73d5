export const contact = {
  failed: "Failed to send message. Please try again.",
  failedLater: "Failed to send message. Please try again later.",
  sent: "Your message has been sent successfully! We will get back to you soon.",
  firstNameRequired: "Please enter your first name",
  lastNameRequired: "Please enter your last name",
  emailRequired: "Please enter your email address",
  messageRequired: "Please enter your message",
  subjectInvalid: "Please choose a subject from the list",
  phoneInvalid: "Please enter a valid phone number",
} as const;
