/** The DAS 1.6 protocol: status codes, errors, commands and their queries (arguments: {@code core.arguments}). */
package org.dasgrid.core.das;
