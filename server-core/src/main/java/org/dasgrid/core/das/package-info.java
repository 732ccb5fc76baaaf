/** The DAS 1.6 protocol: status codes, errors, request arguments, commands and their queries. */
package org.dasgrid.core.das;
