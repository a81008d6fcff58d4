// Package buccaneer is Buccaneer, after the requirements specification of
// the Aberystwyth group project (FR1-FR17 and Appendix A).
package buccaneer
