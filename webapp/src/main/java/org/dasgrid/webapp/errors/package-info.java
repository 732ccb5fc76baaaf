/**
 * Answers to requests no servlet of DasGrid answered itself, in the format of the API they were for (a DAS
 * document under {@code /das}, DasGrid's JSON error body elsewhere), never the container's HTML: the error page
 * ({@link org.dasgrid.webapp.errors.ErrorPageServlet}: a method a servlet does not take, an uncaught exception;
 * in the jar and the WAR) and, on the embedded server, the host's error report ({@link
 * org.dasgrid.webapp.errors.ApiErrorReportValve}: requests Tomcat refuses before any application sees them, such
 * as a request line longer than {@code server.http.maxHeaderBytes}).
 */
package org.dasgrid.webapp.errors;
