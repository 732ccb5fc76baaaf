#!/usr/bin/perl
# A real DAS client (Bio::Das::Lite, Debian libbio-das-lite-perl) walking a DasGrid server: dsn, entry points,
# types, features and sequence. Prints one tab-separated line per parsed item for the Java test to check.
use strict;
use warnings;
use Bio::Das::Lite;

my ($base) = @ARGV or die "usage: $0 http://host:port\n";
my $das = Bio::Das::Lite->new({ 'dsn' => "$base/das/dmel", 'timeout' => 60 });

sub rows {
  my ($result) = @_;
  my @rows;
  for my $url (sort keys %{$result}) {
    my $items = $result->{$url};
    push @rows, (ref $items eq 'ARRAY' ? @{$items} : ());
  }
  return @rows;
}

sub status {
  my ($what) = @_;
  my $codes = $das->statuscodes();
  for my $url (sort keys %{$codes}) {
    print join("\t", 'status', $what, $codes->{$url}), "\n";
  }
}

for my $d (rows($das->dsns())) {
  print join("\t", 'dsn', $d->{'source_id'} // '', $d->{'source'} // ''), "\n";
}
status('dsn');

for my $ep (rows($das->entry_points())) {
  for my $seg (@{ $ep->{'segment'} || [] }) {
    print join("\t", 'entry_point', $seg->{'segment_id'} // '', $seg->{'segment_start'} // '',
      $seg->{'segment_stop'} // ''), "\n";
  }
}
status('entry_points');

for my $t (rows($das->types())) {
  print join("\t", 'type', $t->{'type_id'} // '', $t->{'type'} // ''), "\n";
}
status('types');

for my $f (rows($das->features('2L:2501,2550'))) {
  next unless defined $f->{'feature_id'};
  print join("\t", 'feature', $f->{'feature_id'}, $f->{'start'} // '', $f->{'end'} // '',
    $f->{'type_id'} // '', $f->{'orientation'} // ''), "\n";
}
status('features');

my $medium = 0;
for my $f (rows($das->features('2L:1,27772'))) {
  $medium++ if defined $f->{'feature_id'};
}
print join("\t", 'medium_count', $medium), "\n";

my $ce = Bio::Das::Lite->new({ 'dsn' => "$base/das/ce_ws199", 'timeout' => 60 });
for my $s (rows($ce->sequence('I:1,50'))) {
  print join("\t", 'sequence', $s->{'sequence_id'} // '', $s->{'sequence'} // ''), "\n";
}
