/** The configured sources at run time: their states, parallel loading, background reload with atomic swap. */
package org.dasgrid.core.registry;
